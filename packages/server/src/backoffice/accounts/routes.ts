import { accountMessages, type backofficeAccountRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { getAccount, listAccounts, saveAccount } from "./service.js";
import { closeAccountOffice, createAccountAdministrator, resendAdministratorActivation, saveAccountOffice } from "./people.js";

/** /api/backoffice/accounts/*: each route a thin call into the services. */
export const backofficeAccountHandlers = (ctx: AppContext): AreaHandlers<typeof backofficeAccountRoutes> => ({
  list: ({ input, scope }) => listAccounts(ctx, scope, input),
  get: ({ params, scope }) => getAccount(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveAccount(ctx, scope, input), message: accountMessages.saved }),
  editOffice: async ({ input, scope }) => ({ success: true, id: await saveAccountOffice(ctx, scope, input), message: accountMessages.officeSaved }),
  closeOffice: async ({ input, scope }) => {
    await closeAccountOffice(ctx, scope, input);
    return { success: true, message: input.closed ? accountMessages.officeClosed : accountMessages.officeReopened };
  },
  createAdministrator: async ({ input, scope }) => ({ success: true, id: await createAccountAdministrator(ctx, scope, input), message: accountMessages.administratorCreated }),
  resendActivation: async ({ input, scope }) => {
    await resendAdministratorActivation(ctx, scope, input);
    return { success: true, message: accountMessages.activationSent };
  },
});
