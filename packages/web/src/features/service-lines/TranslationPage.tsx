import { ServiceLinePage } from "./ServiceLinePage";

/** /translation: the Translation Services line. */
export default function TranslationPage() {
  return <ServiceLinePage line="translation" />;
}
