/** Whether a status code is an error one, which the API page warns about (400 or more). */
export function isErrorStatus(code: number): boolean {
  return code >= 400;
}
