/**
 * How long a reply staff write from a lead's page may be (decision 187): a subject fits a mail
 * client's line; a message is a letter, not a document. The form's maxlength and the API's
 * refusal read the same figures. Only the admin imports this file in the browser.
 */
export const replyLimits = { subject: 200, message: 10_000 } as const;
