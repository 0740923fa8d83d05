import { useSearchParams } from "react-router";

/**
 * One more filter of a search page kept in the address (?role=12, ?inactive=1), beside
 * ui/useSearchState's query and page: changing it goes back to page 1.
 */
export function useFilterParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (next) => {
        if (value === null || value === "") next.delete(name);
        else next.set(name, value);
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  return [params.get(name), set];
}
