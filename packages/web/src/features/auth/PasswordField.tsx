import { PasswordInput } from "@mantine/core";
import { withTheme } from "../../ui/ThemeProvider";

// The sign-in page is drawn without Mantine (ui/plain.tsx): its password step brings Mantine's theme.
export default withTheme(PasswordInput);
