import { useLocation, useParams } from "react-router";
import AdminNewsListPage from "./AdminNewsListPage";
import ArticleFormPage from "./ArticleFormPage";

/** /admin/news, /admin/news/create and /admin/news/{id}/edit as one lazy route (see NewsScreens). */
export default function AdminNewsScreens() {
  const { id } = useParams();
  const { pathname } = useLocation();
  return id || pathname.replace(/\/$/, "").endsWith("/create") ? <ArticleFormPage /> : <AdminNewsListPage />;
}
