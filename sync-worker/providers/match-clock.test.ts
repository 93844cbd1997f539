import { describe, expect, it } from "vitest";
import { FULL_TIME_AFTER_MINUTES, matchClockAt } from "./match-clock";

const kickoff = new Date("2026-02-07T15:00:00Z");
const after = (minutes: number) => new Date(kickoff.getTime() + minutes * 60_000);

describe("matchClockAt", () => {
  it("is not started before kick-off", () => {
    expect(matchClockAt(kickoff, after(-1))).toMatchObject({ status: "NS", minute: null, halfTimeKnown: false });
  });

  it("counts the first half from minute 1, with added time beyond 45", () => {
    expect(matchClockAt(kickoff, after(0))).toMatchObject({ status: "1H", minute: 1, injuryTime: null });
    expect(matchClockAt(kickoff, after(30.5))).toMatchObject({ status: "1H", minute: 31, halfTimeKnown: false });
    expect(matchClockAt(kickoff, after(44))).toMatchObject({
      status: "1H",
      minute: 45,
      injuryTime: null,
      halfTimeKnown: true,
    });
    expect(matchClockAt(kickoff, after(46.2))).toMatchObject({ status: "1H", minute: 45, injuryTime: 2 });
  });

  it("breaks 15 minutes for half-time", () => {
    expect(matchClockAt(kickoff, after(48))).toMatchObject({ status: "HT", minute: 45, injuryTime: null });
    expect(matchClockAt(kickoff, after(62.9))).toMatchObject({ status: "HT", minute: 45 });
  });

  it("runs the second half from minute 46 to 90 and its added time", () => {
    expect(matchClockAt(kickoff, after(63))).toMatchObject({ status: "2H", minute: 46, injuryTime: null });
    expect(matchClockAt(kickoff, after(80))).toMatchObject({ status: "2H", minute: 63 });
    expect(matchClockAt(kickoff, after(110))).toMatchObject({ status: "2H", minute: 90, injuryTime: 3 });
  });

  it("blows the final whistle 115 minutes after kick-off", () => {
    expect(FULL_TIME_AFTER_MINUTES).toBe(115);
    expect(matchClockAt(kickoff, after(114.9)).status).toBe("2H");
    expect(matchClockAt(kickoff, after(115))).toMatchObject({ status: "FT", phase: "finished" });
  });
});
