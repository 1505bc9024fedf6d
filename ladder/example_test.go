package ladder_test

import (
	"fmt"
	"time"

	"github.com/shiloh-pbem/pbem/ladder"
)

func Example() {
	end := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	results := []ladder.Result{
		{GameID: "g1", USA: "grant@example.org", CSA: "johnston@example.org", Winner: ladder.CSA, Finished: end},
		{GameID: "g2", USA: "johnston@example.org", CSA: "grant@example.org", Winner: "", Finished: end.Add(72 * time.Hour)},
	}
	players, err := ladder.Rate(results, ladder.DefaultTau)
	if err != nil {
		panic(err)
	}
	rel := ladder.Tally([]ladder.HourRecord{
		{Player: "grant@example.org", GameID: "g1", Hour: 1, Punctuality: ladder.OnTime},
		{Player: "johnston@example.org", GameID: "g1", Hour: 1, Punctuality: ladder.NoOrders},
	}, nil)
	rows := ladder.Standings(players, rel)
	for i := range rows {
		rows[i].Name = map[string]string{"grant@example.org": "Grant", "johnston@example.org": "Johnston"}[rows[i].Player]
	}
	fmt.Print(ladder.FormatStandings(rows))

	usa, csa := ladder.AssignSides("grant@example.org", "johnston@example.org", results)
	fmt.Println("next game: USA", usa, "CSA", csa)
	// Output:
	// #  Player    Rating  ±RD  Games  W-L-D  On time  NMRs  Abandoned
	// 1  Johnston    1577  260      2  1-0-1       0%     1          0
	// 2  Grant       1423  260      2  0-1-1     100%     0          0
	// next game: USA grant@example.org CSA johnston@example.org
}
