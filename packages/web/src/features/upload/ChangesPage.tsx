import { UploadForm } from "./UploadPage";

/** /testing/candidates/changes: bulk changes to existing candidates, previewed then confirmed like an upload. */
export default function ChangesPage() {
  return <UploadForm kind="changes" />;
}
