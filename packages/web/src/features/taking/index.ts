/** Test taking: what other features use of it (the sealed answers file upload, issue 27). */
export { DeliveryUploadButton } from "./delivery";
