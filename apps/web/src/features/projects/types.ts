/**
 * One of the user's stand-alone APIs, as the Add existing API dialog needs it. The page that
 * composes this feature passes them from the APIs' own list (features never import each other).
 */
export interface MovableApi {
  id: string;
  name: string;
  method: string;
  /** Its custom endpoint (`/users/{id}`), the path it is offered at first; null for none. */
  customEndpoint: string | null;
}
