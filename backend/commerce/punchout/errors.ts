/**
 * The error the pure punch-out functions (OCI and cXML) throw when what a buyer's system sent, or what the shop is
 * configured to send back, breaks a rule of the protocol: too many or too long call-up fields, a return address that
 * is not allowed, an order unit the buyer's system cannot take. The HTTP layer turns it into a readable error page
 * (OCI) or a cXML status (cXML); `reason` says which rule, `message` says it in words (naming the offending field or
 * value, never a password).
 */
export class PunchOutInputError extends Error {
  /**
   * @param reason machine-readable rule that failed, in kebab case, e.g. `too-many-fields`, `field-name-too-long`,
   *   `field-value-too-long`, `hook-url-too-long`, `return-url-origin`, `unit-not-mapped`, `quantity-out-of-range`.
   * @param message what failed, for logs and the error page.
   */
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'PunchOutInputError';
  }
}
