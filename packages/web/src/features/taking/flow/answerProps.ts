/** What an answer field gets from its item block: the answer so far and where a change goes. */
export interface AnswerProps {
  value: string;
  onChange: (value: string) => void;
}
