import { z } from "zod";

/** The bodies of `/api/teams` (docs/api.md, "Teams"). */

const Name = z.string().trim().min(1).max(120);

export const CreateTeamBody = z.strictObject({ name: Name });
export type CreateTeamInput = z.infer<typeof CreateTeamBody>;

/** The four-eyes setting: a bulk confirmation of more than `minDocuments` documents waits for a release. */
export const FourEyes = z.strictObject({ enabled: z.boolean(), minDocuments: z.int().min(1).max(100_000) });

export const UpdateTeamBody = z.strictObject({ name: Name.optional(), fourEyes: FourEyes.optional() });
export type UpdateTeamInput = z.infer<typeof UpdateTeamBody>;

export const TeamId = z.uuid();

/** `POST /api/teams/{id}/merge`: the team that is merged into `{id}` and is empty afterwards. */
export const MergeTeamsBody = z.strictObject({ from: TeamId });
export type MergeTeamsInput = z.infer<typeof MergeTeamsBody>;
