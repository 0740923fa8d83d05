import { useTranslation } from "../../i18n";
import { useSearchParams } from "react-router";
import { authRoutes } from "@parlance/contract";
import { call } from "../../api/client";
import { PasswordKeyScreen } from "./PasswordKeyScreen";

/** /set_reset_password?key=…: the page the password reset email links to. */
export default function SetResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get("key") ?? "";
  return (
    <PasswordKeyScreen
      kind="reset"
      linkKey={key}
      title={t("resetPassword.title")}
      lead={t("resetPassword.lead")}
      submitLabel={t("resetPassword.submit")}
      doneText={t("resetPassword.done")}
      save={async (password, password2) => {
        await call(authRoutes.setResetPassword, { key, password, password2 });
      }}
    />
  );
}
