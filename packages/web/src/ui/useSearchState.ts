import { useSearchParams } from "react-router";

/** ?query=…&page=N of a search page: what is searched, so a reload, the back button or a shared link shows the same. */
export function useSearchState(): [string, number, (query: string, page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const query = params.get("query") ?? "";
  const set = (q: string, p: number) =>
    setParams(
      (next) => {
        if (q) next.set("query", q);
        else next.delete("query");
        if (p > 1) next.set("page", String(p));
        else next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  return [query, page, set];
}
