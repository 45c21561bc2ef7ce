#!/usr/bin/env bash
# SQL injection probe: Debian's sqlmap against every API parameter of the production build, on
# the embedded database (or PostgreSQL with DATABASE_URL set). Prints the findings; exits 0.
#   bash bench/security/sqlmap.sh [--level N]
set -uo pipefail
cd "$(dirname "$0")/../.."
level=2
[ "${1:-}" = "--level" ] && level="${2:-2}"
command -v sqlmap >/dev/null || { apt-get install -y -qq sqlmap >/dev/null || exit 0; }
[ -f build/server/server.js ] || npx react-router build >/dev/null

port=3391
work=$(mktemp -d)
export DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 NODE_ENV=production TRUST_PROXY=true
node bench/api/server.mjs >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done

email=sqlmap-admin@example.test password=muralla-de-piedra-seca-2026
node --import tsx scripts/user-create.ts --name Sonda --email $email --password $password --role super_admin >/dev/null
token=$(curl -s -H 'Content-Type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" \
  "http://127.0.0.1:$port/api/login" | node -pe 'JSON.parse(require("fs").readFileSync(0)).token')
curl -s -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"email":"seed@example.test"}' "http://127.0.0.1:$port/api/admin/subscriptions/create"

base="http://127.0.0.1:$port/api"
auth="Authorization: Bearer $token"
# url | JSON body (empty for GET) | needs the staff token; * marks where sqlmap injects.
targets=(
  "$base/login|{\"email\":\"a@example.test*\",\"password\":\"clave*\",\"remember\":false}|"
  "$base/register|{\"name\":\"Ana*\",\"email\":\"ana@example.test*\",\"password\":\"x*\",\"password_confirmation\":\"x\"}|"
  "$base/contacts|{\"name\":\"Ana*\",\"email\":\"a@example.test*\",\"phone\":\"600*\",\"subject\":\"Obra*\",\"message\":\"Hola*\"}|"
  "$base/subscriptions|{\"email\":\"b@example.test*\"}|"
  "$base/forgot-password|{\"email\":\"c@example.test*\"}|"
  "$base/reset-password|{\"email\":\"c@example.test*\",\"token\":\"abc*\",\"password\":\"x*\",\"password_confirmation\":\"x\"}|"
  "$base/verify-email/abc*||"
  "$base/admin/users?page=1*||auth"
  "$base/admin/subscriptions/create/1*||auth"
  "$base/admin/subscriptions/delete/999*||auth"
  "$base/admin/subscriptions/update|{\"id\":\"1*\",\"email\":\"d@example.test*\"}|auth"
  "$base/admin/users/create|{\"name\":\"Ana*\",\"email\":\"e@example.test*\",\"role_id\":\"3*\",\"email_verified\":false,\"password\":\"x*\"}|auth"
)

findings=0
for target in "${targets[@]}"; do
  IFS='|' read -r url body needs_auth <<<"$target"
  args=(-u "$url" --batch --level "$level" --risk 1 --dbms PostgreSQL --tamper xforwardedfor
    --output-dir "$work/sqlmap" --disable-coloring --flush-session --skip-waf --threads 2
    --ignore-code 401,404)
  [ -n "$body" ] && args+=(--data "$body" --headers "Content-Type: application/json")
  [ -n "$needs_auth" ] && args+=(-H "$auth")
  out=$(sqlmap "${args[@]}" 2>&1)
  if grep -q "identified the following injection point" <<<"$out"; then
    findings=$((findings + 1))
    echo "FINDING  $url"
    grep -A6 "identified the following injection point" <<<"$out"
  else
    echo "clean    ${url#"$base"} ($(grep -c "testing '" <<<"$out") techniques tried)"
  fi
done
echo "sqlmap: $findings finding(s) across ${#targets[@]} endpoints, level $level"
