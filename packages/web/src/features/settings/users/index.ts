export { UsersList } from "./UsersList";
