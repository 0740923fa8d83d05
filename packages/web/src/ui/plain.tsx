import { useId, type ButtonHTMLAttributes, type CSSProperties, type InputHTMLAttributes, type ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

/**
 * Mantine's look without Mantine's code, for the first screen (the shell's frame and the sign-in
 * page; issue 12): each writes the markup the Mantine component of the same name renders with the
 * app's theme (its static class names and CSS variables), so Mantine's stylesheet (already static:
 * vite-plugins/mantine-static-styles.ts) gives it the same look. Mantine's JS then downloads with
 * the next screen. Written from the markup the Mantine originals render (react-dom/server) and
 * checked by screenshots of the sign-in page before and after (issue 12).
 */

type Space = "xs" | "sm" | "md" | "lg" | "xl";
const space = (s: Space | number) => (typeof s === "number" ? `calc(${s / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${s})`);
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");
const vars = (v: Record<string, string | undefined>) => v as CSSProperties;

/** Mantine's Group: a row. `visibleFrom` is Mantine's own responsive class. */
export function Group({ gap = "md", justify = "flex-start", wrap = "wrap", visibleFrom, style, children }: { gap?: Space | number; justify?: string; wrap?: "wrap" | "nowrap"; visibleFrom?: "md"; style?: CSSProperties; children: ReactNode }) {
  return (
    <div style={{ ...vars({ "--group-gap": space(gap), "--group-align": "center", "--group-justify": justify, "--group-wrap": wrap }), ...style }} className={cx("m_4081bf90 mantine-Group-root", visibleFrom && `mantine-visible-from-${visibleFrom}`)}>
      {children}
    </div>
  );
}

/** Mantine's Stack: a column. */
export function Stack({ gap = "md", align = "stretch", children }: { gap?: Space | number; align?: string; children: ReactNode }) {
  return (
    <div style={vars({ "--stack-gap": space(gap), "--stack-align": align, "--stack-justify": "flex-start" })} className="m_6d731127 mantine-Stack-root">
      {children}
    </div>
  );
}

/** Mantine's Text as a paragraph (size sm, or the theme's). */
export function Text({ size, color, role, children }: { size?: "sm"; color?: string; role?: string; children: ReactNode }) {
  return (
    <p
      style={{ ...(size && vars({ "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` })), ...(color && { color }) }}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      role={role}
    >
      {children}
    </p>
  );
}

/** Mantine's Loader (the oval). */
export function Loader({ size, label }: { size?: "sm"; label: string }) {
  return <span style={size && vars({ "--loader-size": `var(--loader-size-${size})` })} className="m_b34414df m_5ae2e3c mantine-Loader-root" data-size={size} role="status" aria-label={label} />;
}

/** Mantine's Center with a minimum height of 200 px. */
export function Center({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: "calc(12.5rem * var(--mantine-scale))" }} className="m_4451eb3a mantine-Center-root">
      {children}
    </div>
  );
}

interface ButtonLook {
  /** filled: the primary colour (the theme's default); default: white with a border. */
  variant?: "filled" | "default";
  size?: "xs";
  fullWidth?: boolean;
  justify?: "flex-start";
  loading?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  children: ReactNode;
}

function buttonProps({ variant, size, fullWidth, justify, loading }: ButtonLook) {
  const sized = size && {
    "--button-height": `var(--button-height-${size})`,
    "--button-padding-x": `var(--button-padding-x-${size})`,
    "--button-fz": `var(--mantine-font-size-${size})`,
  };
  const look =
    variant === "default"
      ? { "--button-bg": "var(--mantine-color-default)", "--button-hover": "var(--mantine-color-default-hover)", "--button-color": "var(--mantine-color-default-color)", "--button-bd": "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)" }
      : sized
        ? { "--button-bg": "var(--mantine-color-indigo-filled)", "--button-hover": "var(--mantine-color-indigo-filled-hover)", "--button-color": "var(--mantine-color-white)", "--button-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent" }
        : { "--button-color": "var(--mantine-color-white)" };
  return {
    style: vars({ ...(justify && { "--button-justify": justify }), ...sized, ...look }),
    className: cx("mantine-focus-auto", !loading && "mantine-active", "m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root"),
    "data-variant": variant,
    "data-size": size,
    "data-block": fullWidth || undefined,
    "data-loading": loading || undefined,
  };
}

function ButtonInner({ leftSection, rightSection, loading, children }: ButtonLook) {
  return (
    <>
      {loading && (
        <span className="m_a25b86ee mantine-Button-loader" aria-hidden="true" style={{ transform: "translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))" }}>
          <span style={vars({ "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" })} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
        {rightSection && (
          <span className="m_a74036a mantine-Button-section" data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </>
  );
}

/** Mantine's Button: `loading` disables it and shows the loader over its label. */
export function Button({ variant, size, fullWidth, justify, loading, leftSection, rightSection, children, type = "button", disabled, className, style, ...rest }: ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children">) {
  const look = { variant, size, fullWidth, justify, loading, leftSection, rightSection, children };
  const props = buttonProps(look);
  // A menu's target (Mantine's Menu.Target) passes its className and style: added to the button's own.
  return (
    <button {...rest} {...props} className={cx(props.className, className)} style={{ ...props.style, ...style }} data-with-left-section={leftSection ? true : undefined} data-with-right-section={rightSection ? true : undefined} type={type} disabled={disabled || loading}>
      <ButtonInner {...look} />
    </button>
  );
}

/** Mantine's Button as a router link. */
export function ButtonLink({ variant, size, children, ...rest }: ButtonLook & Omit<LinkProps, "children">) {
  const look = { variant, size, children };
  return (
    <Link {...buttonProps(look)} {...rest}>
      <ButtonInner {...look} />
    </Link>
  );
}

const anchorProps = {
  style: vars({ "--text-fz": "var(--mantine-font-size-sm)", "--text-lh": "var(--mantine-line-height-sm)" }),
  className: "mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root",
  "data-size": "sm",
  "data-underline": "hover",
};

/** Mantine's Anchor (size sm) as a router link. */
export function AnchorLink({ children, ...rest }: Omit<LinkProps, "style" | "className">) {
  return (
    <Link {...anchorProps} {...rest}>
      {children}
    </Link>
  );
}

/** Mantine's Anchor (size sm) as a button. */
export function AnchorButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button {...anchorProps} type="button" onClick={onClick}>
      {children}
    </button>
  );
}

/** Mantine's TextInput (size sm): label, field, and its error, tied to the field by aria-describedby. */
export function TextInput({ label, error, ...rest }: { label: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "style">) {
  const id = useId();
  const invalid = error ? true : undefined;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="sm" data-error={invalid}>
      <label style={vars({ "--input-label-size": "var(--mantine-font-size-sm)" })} className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-size="sm" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div
        style={vars({ ...(invalid && { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" }), "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)" })}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid}
      >
        <input className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" data-error={invalid} aria-invalid={invalid} aria-describedby={invalid && `${id}-error`} id={id} {...rest} />
      </div>
      {error && (
        <p style={vars({ "--input-error-size": "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))" })} className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error" data-size="sm" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
