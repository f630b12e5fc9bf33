// Tests import server modules directly, outside Next.js's react-server layer, where the real
// `server-only` package throws on purpose. vitest.config.ts resolves `server-only` here instead.
export {};
