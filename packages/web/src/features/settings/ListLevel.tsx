import type { ReactNode } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { useStartup } from "../../ui/startup";
import type { Crumb } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { useSettingsCrumbs } from "./crumbs";
import { useOffice } from "./queries";
import { officePath, parseOfficeId } from "./officePaths";
import { OfficeNotFound, isNotFound } from "./OfficeNotFound";
import { listPath, type ListKind } from "./listPaths";

/** Where a settings list screen is: the account level (officeId null) or one office, with its breadcrumbs. */
export interface ListLevel {
  officeId: number | null;
  /** The office's name at office level. */
  officeName: string | null;
  /** Ancestors of the list page: Home / Language Testing / Account Settings (/ the office). */
  crumbs: Crumb[];
}

/**
 * Resolves the level of a list route (/testing/settings/<kind>… or
 * /testing/settings/offices/:officeId/<kind>…). The account level is for account administrators:
 * an office administrator who opens it is taken to the same screen of their own office.
 */
export function WithListLevel({ kind, children }: { kind: ListKind; children: (level: ListLevel) => ReactNode }) {
  const params = useParams();
  const location = useLocation();
  const { startup } = useStartup();
  const crumbs = useSettingsCrumbs();

  if (params.officeId === undefined) {
    const ownOffice = startup.account?.officeId ?? null;
    if (ownOffice !== null) {
      const rest = location.pathname.slice(listPath(kind, null).length);
      return <Navigate to={listPath(kind, ownOffice) + rest} replace />;
    }
    return <>{children({ officeId: null, officeName: null, crumbs })}</>;
  }
  const officeId = parseOfficeId(params.officeId);
  if (officeId === null) return <OfficeNotFound />;
  return <OfficeLevel officeId={officeId}>{children}</OfficeLevel>;
}

function OfficeLevel({ officeId, children }: { officeId: number; children: (level: ListLevel) => ReactNode }) {
  const crumbs = useSettingsCrumbs();
  const office = useOffice(officeId);
  return (
    <RemoteData query={office} renderError={(err) => (isNotFound(err) ? <OfficeNotFound /> : undefined)}>
      {(o) => children({ officeId, officeName: o.name, crumbs: [...crumbs, { label: o.name, to: officePath(o.id) }] })}
    </RemoteData>
  );
}
