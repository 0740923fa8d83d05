/** The proctor's screens of the test page (props {show, onDone}; the flow embeds them). */
export { ProctorPasswordForm } from "./ProctorPasswordForm";
export { ProctorAgreement } from "./ProctorAgreement";
