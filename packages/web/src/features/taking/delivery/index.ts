/** Sealed answers files (issue 27): uploading one for a test. */
export { DeliveryUploadButton } from "./DeliveryUpload";
