export default function AcceptInviteRoute() {
  return null;
}
