export const NEW_OFFICE_PATH = "/testing/settings/offices/new";
export const officePath = (id: number) => `/testing/settings/offices/${id}`;
export const editOfficePath = (id: number) => `/testing/settings/offices/${id}/edit`;

/** The office id of a route like /testing/settings/offices/:id, or null when it is not one. */
export function parseOfficeId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
