// Who wrote a comment, and who the gate writes as: the words the candidates and the action share to tell
// the gate's own comments from the replies it judges.

/** Who wrote a comment, or who the token writes as (client.ts `whoAmI`). */
export interface Author {
  login: string;
  /** The account id: when known, it decides, so a renamed login still matches. */
  id?: number;
}

/** Who the GITHUB_TOKEN writes as, on github.com and on GitHub Enterprise Server alike. */
export const ACTIONS_BOT_ACCOUNT = { login: "github-actions[bot]", id: 41898282 } as const;

/** Who posts with the workflow's GITHUB_TOKEN: the author taken when no identity is given. */
export const ACTIONS_BOT = ACTIONS_BOT_ACCOUNT.login;

/** `c` was written by `author`: by account id when both are known (a renamed login still matches), else by login. */
export function writtenBy(c: { author: string; authorId?: number | null }, author: Author): boolean {
  return author.id !== undefined && c.authorId !== undefined && c.authorId !== null
    ? c.authorId === author.id
    : c.author.toLowerCase() === author.login.toLowerCase();
}
