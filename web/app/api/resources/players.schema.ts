/**
 * The player page's blocks: the player read model defines these shapes
 * (features/player/players.schema.ts); they are named here so the description lists them.
 */
import { z } from "zod";
import { playerRecentFormItemSchema, playerStatisticsSchema } from "../../features/player/players.schema";
import { schemaNamer } from "../common/schema";

const named = schemaNamer("players");

export const playerStatisticsAnswerSchema = named(
  "PlayerStatistics",
  "A player's season for his current club: the player, the club, the league and his figures.",
  playerStatisticsSchema,
);
export const playerRecentFormAnswerSchema = named(
  "PlayerRecentForm",
  "The player's last five matches of the season, most recent first.",
  z.array(named("PlayerRecentFormItem", "One match and the player's part in it.", playerRecentFormItemSchema)).max(5),
);
