/** Where Gatehouse writes what happens: the console in production, a recorder in tests. */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}
