export { UPLOAD_PATH, CHANGES_PATH } from "./paths";
