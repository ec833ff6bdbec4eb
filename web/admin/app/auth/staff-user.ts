/** The signed-in staff user as panel pages see it. */
export interface StaffUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** Panels the user holds a role in. */
  readonly panels: readonly string[];
}
