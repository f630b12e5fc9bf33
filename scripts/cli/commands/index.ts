import type { AnyCommand } from "../command";
import { apikeyCreate } from "./apikey-create";
import { apikeyRevoke } from "./apikey-revoke";
import { applicationApprove, applicationReject } from "./application-decide";
import { applicationList } from "./application-list";
import { emailList } from "./email-list";
import { emailRetry } from "./email-retry";
import { maintenancePurge } from "./maintenance-purge";
import { maintenanceRun } from "./maintenance-run";
import { providerCreate } from "./provider-create";
import { userCreate } from "./user-create";

export const COMMANDS: readonly AnyCommand[] = [
  userCreate,
  providerCreate,
  apikeyCreate,
  apikeyRevoke,
  applicationList,
  applicationApprove,
  applicationReject,
  emailList,
  emailRetry,
  maintenancePurge,
  maintenanceRun,
];

export function findCommand(name: string): AnyCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}
