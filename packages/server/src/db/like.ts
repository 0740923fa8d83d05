/** LIKE treats %, _ and \ specially; a searched value means itself. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`);
