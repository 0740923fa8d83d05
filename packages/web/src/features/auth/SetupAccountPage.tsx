import { useTranslation } from "../../i18n";
import { useParams } from "react-router";
import { authRoutes } from "@parlance/contract";
import { call } from "../../api/client";
import { PasswordKeyScreen } from "./PasswordKeyScreen";

/** /setup_account/:key: account activation, the new user chooses a password. */
export default function SetupAccountPage() {
  const { t } = useTranslation();
  const key = useParams().key ?? "";
  return (
    <PasswordKeyScreen
      kind="activation"
      linkKey={key}
      title={t("activate.title")}
      lead={t("activate.lead")}
      submitLabel={t("activate.submit")}
      doneText={t("activate.done")}
      save={async (password, password2) => {
        await call(authRoutes.setupAccount, { password, password2 }, { key });
      }}
    />
  );
}
