/**
 * How long ago a campaign went out, as the campaign screen's warning and the server's refusal
 * both say it: "hace 3 días", "hace 5 horas", "hace menos de una hora". One wording for both
 * (decision 150: a text the browser and the server show lives in content/).
 */
export function timeAgo(since: Date, now = new Date()): string {
  const hours = Math.floor((now.getTime() - since.getTime()) / 3_600_000);
  if (hours < 1) return "hace menos de una hora";
  if (hours < 24) return hours === 1 ? "hace 1 hora" : `hace ${hours} horas`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "hace 1 día" : `hace ${days} días`;
}
