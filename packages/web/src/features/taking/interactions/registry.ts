import type { ComponentType } from "react";
import type { InteractionKind } from "@parlance/contract";
import type { InteractionProps } from "./types";
import { ChoiceInteraction } from "./ChoiceInteraction";
import { TextEntryInteraction } from "./TextEntryInteraction";
import { ExtendedTextInteraction } from "./ExtendedTextInteraction";
import { InlineChoiceInteraction } from "./InlineChoiceInteraction";
import { GapMatchInteraction } from "./GapMatchInteraction";
import { MatchInteraction } from "./MatchInteraction";
import { OrderInteraction } from "./OrderInteraction";
import { HotTextInteraction } from "./HotTextInteraction";
import { HotspotInteraction } from "./HotspotInteraction";
import { SelectPointInteraction } from "./SelectPointInteraction";
import { AssociateInteraction } from "./AssociateInteraction";
import { MediaInteraction } from "./MediaInteraction";
import { EndAttemptInteraction } from "./EndAttemptInteraction";

/** Each interaction kind's component (the runner and the scoring page draw every kind through this). */
export const INTERACTION_COMPONENTS: { [K in InteractionKind]: ComponentType<InteractionProps<K>> } = {
  choice: ChoiceInteraction,
  text_entry: TextEntryInteraction,
  extended_text: ExtendedTextInteraction,
  inline_choice: InlineChoiceInteraction,
  gap_match: GapMatchInteraction,
  match: MatchInteraction,
  order: OrderInteraction,
  hot_text: HotTextInteraction,
  hotspot: HotspotInteraction,
  select_point: SelectPointInteraction,
  associate: AssociateInteraction,
  media: MediaInteraction,
  end_attempt: EndAttemptInteraction,
};
