// A club's bot in TypeScript, typed by the types generated from the service's OpenAPI schema
// (`npm run generate`, then `npm run check`: tsc --strict). Nothing here is hand-typed: a field the schema
// renames or removes fails to compile.
import type { components, paths } from "./schema";

type Event = components["schemas"]["Event"];
type Standing = components["schemas"]["Standing"];
type StandingsPage = paths["/api/events/{id}/standings/"]["get"]["responses"][200]["content"]["application/json"];
type Page<T> = { next?: string | null; results: T[] };
type SheetInput = paths["/api/seats/{id}/sheets/"]["post"]["requestBody"]["content"]["application/json"];
type ApiError = components["schemas"]["Error"];

export class Boomerang {
  constructor(private readonly base: string, private readonly credential?: string) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const auth: Record<string, string> = this.credential ? { Authorization: `Bearer ${this.credential}` } : {};
    return { Accept: "application/json", ...auth, ...extra };
  }

  private async read<T>(url: string): Promise<T> {
    const answer = await fetch(url.startsWith("http") ? url : this.base + url, { headers: this.headers() });
    if (!answer.ok) {
      const refusal = (await answer.json()) as ApiError;
      throw new Error(`${refusal.code} (${refusal.field ?? "-"}): ${refusal.detail}`);
    }
    return (await answer.json()) as T;
  }

  /** Every row of a list, following `next` page by page: every list read of the API is paged. */
  async *every<T>(path: string): AsyncGenerator<T> {
    let page: Page<T> | null = await this.read<Page<T>>(path);
    while (page) {
      yield* page.results;
      page = page.next ? await this.read<Page<T>>(page.next) : null;
    }
  }

  /** Every event of a game. */
  events(game: Event["game"]): AsyncGenerator<Event> {
    return this.every<Event>(`/api/events/?game=${game}&page_size=200`);
  }

  /** An event's whole standings, page by page (the schema's page type: a renamed field fails to compile). */
  async standings(event: number): Promise<Standing[]> {
    const rows: StandingsPage["results"] = [];
    for await (const row of this.every<Standing>(`/api/events/${event}/standings/?page_size=200`)) rows.push(row);
    return rows;
  }

  /** A player's own sheet, sent once however often the network drops it: one Idempotency-Key throughout. */
  async submitSheet(seat: number, sheet: SheetInput, attempts = 5): Promise<number> {
    const key = crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      let wait = 500 * 2 ** attempt;
      try {
        const answer = await fetch(`${this.base}/api/seats/${seat}/sheets/`, {
          method: "POST",
          headers: this.headers({ "Content-Type": "application/json", "Idempotency-Key": key }),
          body: JSON.stringify(sheet),
        });
        // 503 `overloaded` (nothing saved), 429, a gateway's 502/504, and 409 with Retry-After (the first
        // sending of this key still under way) are sent again, after Retry-After when the server gives one.
        const retryAfter = Number(answer.headers.get("Retry-After"));
        const again = [429, 502, 503, 504].includes(answer.status) || (answer.status === 409 && retryAfter > 0);
        if (!again || attempt === attempts) return answer.status;
        if (retryAfter > 0) wait = retryAfter * 1000;
      } catch (dropped) {
        if (attempt === attempts) throw dropped;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export async function leaders(base: string): Promise<string[]> {
  const bot = new Boomerang(base);
  const names: string[] = [];
  for await (const event of bot.events("boomerang-australia")) {
    if (event.status !== "finished") continue;
    const [first] = await bot.standings(event.id);
    if (first) names.push(`${event.name}: ${first.player} (${first.points} points)`);
  }
  return names;
}
