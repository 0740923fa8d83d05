// The sign-in page's password step: its own chunk (Mantine's PasswordInput with its show/hide
// button), downloaded while the email step is on screen (LoginPage.tsx).
export { PasswordInput as default } from "@mantine/core";
