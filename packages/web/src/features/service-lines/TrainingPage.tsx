import { ServiceLinePage } from "./ServiceLinePage";

/** /training: the Language Training service line. */
export default function TrainingPage() {
  return <ServiceLinePage line="training" />;
}
