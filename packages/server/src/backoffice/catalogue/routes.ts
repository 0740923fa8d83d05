import { catalogueMessages, type catalogueRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { catalogueLanguages, getCatalogueTest, listCatalogue, saveCatalogueTest } from "./service.js";
import { accountChoices, allowAccount, changePrice, listAccountTests, removeAccount } from "./accounts.js";

/** /api/backoffice/tests/* and /api/backoffice/account_tests/*: each route a thin call into the services. */
export const catalogueHandlers = (ctx: AppContext): AreaHandlers<typeof catalogueRoutes> => ({
  list: ({ input, scope }) => listCatalogue(ctx, scope, input),
  languages: ({ scope }) => catalogueLanguages(ctx, scope),
  get: ({ params, scope }) => getCatalogueTest(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveCatalogueTest(ctx, scope, input), message: catalogueMessages.saved }),
  accounts: ({ params, scope }) => listAccountTests(ctx, scope, params),
  accountChoices: ({ params, input, scope }) => accountChoices(ctx, scope, params, input),
  allowAccount: async ({ params, input, scope }) => ({ success: true, id: await allowAccount(ctx, scope, params, input), message: catalogueMessages.accountAllowed }),
  changePrice: async ({ params, input, scope }) => {
    await changePrice(ctx, scope, params, input);
    return { success: true, message: catalogueMessages.priceSaved };
  },
  removeAccount: async ({ params, scope }) => {
    await removeAccount(ctx, scope, params);
    return { success: true, message: catalogueMessages.accountRemoved };
  },
});
