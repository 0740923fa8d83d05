/** The payments feature's public face: other features import only from here. */
export { CardPaymentForm, type CardPaymentFormProps } from "./CardPaymentForm";
