/** The machinery the three settings lists (users, result recipients, test groups) share. */
export { RecordList, RowActions } from "./RecordList";
export { useDeleteRecord } from "./useDeleteRecord";
export { fieldWidth, ListFormActions } from "./FormParts";
export { RecordFormPage } from "./RecordFormPage";
export { retryServerErrors } from "./queries";
