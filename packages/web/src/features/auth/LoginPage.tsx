import { Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n";
import { FormError } from "../../ui/FormError";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { authRoutes, parseLanguage, safeNextPath, ssoRoutes } from "@parlance/contract";
import { call, hrefOf } from "../../api/client";
import { useStartup } from "../../ui/startup";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { preloadable } from "../../ui/preloadable";
import { AuthCard } from "./AuthCard";
import { looksLikeEmail } from "./email";
import { emailDomain } from "@parlance/contract";
import { AnchorButton, AnchorLink, Button, ButtonLink, Group, Loader, Stack, Text, TextInput } from "../../ui/plain";

type Step = "email" | "password" | "code" | "sso";

// Not on the first screen (the email step): downloaded once that is shown, before it is needed.
const PasswordInput = preloadable(() => import("./PasswordField").then((m) => m.default));

/**
 * /login: one form moving through the steps email → password, or (with ?use_code=1) the access
 * code step. A `?error=<key>` left by a failed form post is shown by the layout's banners.
 * Drawn without Mantine's code (ui/plain.tsx: the same markup and look), which then downloads
 * with the next screen; the password field (Mantine's PasswordInput) downloads once the page shows.
 * Single sign-on (startup.enableSSO): an address of one of startup.ssoDomains goes to the SSO step,
 * whose button leaves for the provider through the server's /sso/start (a full page load).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const { startup, signedIn, refresh, setLanguage } = useStartup();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNextPath(params.get("next"));
  // After a failed form post the server sends the address back (?email=): continue at the password.
  const returnedEmail = params.get("email")?.trim() ?? "";
  const [step, setStep] = useState<Step>(params.get("use_code") === "1" ? "code" : looksLikeEmail(returnedEmail) ? "password" : "email");
  const [email, setEmail] = useState(returnedEmail);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once sign-in succeeded, so the "already signed in" redirect does not race our own navigation.
  const signingIn = useRef(false);

  useEffect(() => void PasswordInput.preload(), []);

  // The step follows the URL when the user switches between email and access-code sign-in.
  const wantsCode = params.get("use_code") === "1";
  useEffect(() => {
    setStep((s) => (wantsCode ? "code" : s === "code" ? "email" : s));
    setFieldError(null);
    setFormError(null);
  }, [wantsCode]);

  if (signedIn && !signingIn.current) return <Navigate to={next ?? "/overview"} replace />;

  const go = (s: Step) => {
    setStep(s);
    setFieldError(null);
    setFormError(null);
  };

  async function signIn(input: { email_address: string; password: string } | { access_code: string }) {
    setBusy(true);
    setFormError(null);
    try {
      const res = await call(authRoutes.login, { ...input, next: next ?? undefined });
      signingIn.current = true;
      // A language chosen in the address (?lang=) is an explicit choice: keep it for this user.
      const chosen = parseLanguage(params.get("lang"));
      if (chosen) await setLanguage(chosen).catch(() => undefined);
      await refresh();
      navigate(next ?? safeNextPath(res.redirect) ?? "/overview", { replace: true });
    } catch (err) {
      signingIn.current = false;
      setFormError(errorText(err));
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFieldError(null);
    if (step === "email") {
      const value = email.trim();
      if (!value) return setFieldError(t("login.provideEmail"));
      if (!looksLikeEmail(value)) return setFieldError(t("login.invalidEmail"));
      setEmail(value);
      return go(startup.enableSSO && startup.ssoDomains?.includes(emailDomain(value)) ? "sso" : "password");
    }
    if (step === "sso") return;
    if (step === "password") {
      if (!password) return setFieldError(t("login.providePassword"));
      return void signIn({ email_address: email, password });
    }
    const value = code.trim();
    if (!value) return setFieldError(t("login.provideAccessCode"));
    return void signIn({ access_code: value });
  }

  const keepNext = next ? `&next=${encodeURIComponent(next)}` : "";
  const lead = { email: t("login.emailLead"), password: t("login.passwordLead"), code: t("login.codeLead"), sso: t("sso.lead") }[step];
  const ssoStart = hrefOf(ssoRoutes.start, undefined, { email_address: email, ...(next ? { next } : {}) });

  return (
    <AuthCard title={t("login.title")} lead={lead}>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="md">
          <FormError message={formError} />

          {step === "email" && (
            <TextInput
              key="email"
              label={t("login.email")}
              type="email"
              autoComplete="username"
              maxLength={125}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
              autoFocus
            />
          )}

          {step === "password" && (
            <>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t("login.signingInAs", { email })}</Text>
                <AnchorButton onClick={() => go("email")}>{t("login.changeEmail")}</AnchorButton>
              </Group>
              <Suspense fallback={<Loader size="sm" label={t("common.loading")} />}>
                <PasswordInput
                  key="password"
                  label={t("login.password")}
                  autoComplete="current-password"
                  maxLength={100}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={fieldError}
                  visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
                  autoFocus
                />
              </Suspense>
            </>
          )}

          {step === "code" && (
            <TextInput
              key="code"
              label={t("login.accessCode")}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError}
              autoFocus
            />
          )}

          {step === "sso" ? (
            <>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t("login.signingInAs", { email })}</Text>
                <AnchorButton onClick={() => go("email")}>{t("login.changeEmail")}</AnchorButton>
              </Group>
              <ButtonLink to={ssoStart} reloadDocument>
                {t("sso.continue")}
              </ButtonLink>
              <AnchorButton onClick={() => go("password")}>{t("sso.usePassword")}</AnchorButton>
            </>
          ) : (
            <Button type="submit" loading={busy} fullWidth>
              {step === "email" ? t("login.continue") : t("login.signIn")}
            </Button>
          )}

          {step === "password" && (
            <AnchorLink to="/assistance">
              {t("login.forgotPassword")}
            </AnchorLink>
          )}
          {step === "email" && (
            <AnchorLink to={`/login?use_code=1${keepNext}`}>
              {t("login.useAccessCode")}
            </AnchorLink>
          )}
          {step === "code" && (
            <AnchorLink to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}>
              {t("login.useEmail")}
            </AnchorLink>
          )}
          {/* Where an employer holding a printed result lands: verification needs no account. */}
          {step === "email" && <AnchorLink to="/testing/results/verify">{t("login.verifyResult")}</AnchorLink>}
        </Stack>
      </form>
    </AuthCard>
  );
}
