package shiloh1862

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The contract's methods are the engine's own functions seen through interfaces:
// played through them, hours give the same states, report views and checks byte
// for byte as the engine called directly with the same dice, and what the store
// keeps reads back unchanged. The server relies on this to replay stored games.
func TestResolveThroughTheContract(t *testing.T) {
	for _, id := range Scenarios() {
		cs, err := Rules.Scenario(id)
		if err != nil {
			t.Fatal(err)
		}
		sc, _ := Engine(cs)
		st, err := cs.NewState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(id))))
		for hour := 0; hour < 6 && !st.Outcome().Over; hour++ {
			before := st.(*State)
			var direct [2]*Orders
			var viaContract [2]adjudicator.Orders
			for _, side := range Sides {
				o := RandomOrdersForTests(sc, ViewOf(sc, before, side), rng)
				b, err := json.Marshal(o)
				if err != nil {
					t.Fatal(err)
				}
				if viaContract[side.Index()], err = cs.DecodeOrders(b); err != nil {
					t.Fatal(err)
				}
				direct[side.Index()] = o
				// The receipt's checks are CheckOrders from the side's knowledge.
				var want []adjudicator.Check
				for _, c := range CheckOrders(sc, KnowledgeOf(sc, before, side), o) {
					want = append(want, adjudicator.Check{Order: c.Order, Status: c.Status, Rule: c.Rule, Why: c.Why, Hint: c.Hint})
				}
				if got := cs.Check(st, viaContract[side.Index()]); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s %s: Check differs from CheckOrders", id, before.Hour, side)
				}
			}
			seed := []byte{byte(hour), 1, 2, 3}
			wantAfter, wantRep, err := ResolveHour(sc, before, direct, NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			after, rep, err := cs.Resolve(st, viaContract, NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			a, _ := cs.EncodeState(after)
			w, _ := MarshalState(wantAfter)
			if !bytes.Equal(a, w) || !reflect.DeepEqual(rep.Played(), before.Hour.Turn()) {
				t.Fatalf("%s %s: the contract's Resolve differs from ResolveHour", id, before.Hour)
			}
			for _, viewer := range []Side{USA, CSA, NoSide} {
				got, _ := json.Marshal(cs.ViewReport(st, rep, after, viewer))
				want, _ := json.Marshal(ViewReport(sc, before, wantRep, wantAfter, viewer))
				if !bytes.Equal(got, want) {
					t.Fatalf("%s %s: %s report view differs", id, before.Hour, viewer)
				}
				back, err := cs.DecodeReportView(got, cs.ReportFormat())
				if err != nil || back.ReportFor() != viewer || back.ViewAfter().SeenBy() != viewer {
					t.Fatalf("%s %s: stored %s report view reads back as %v, %v", id, before.Hour, viewer, back, err)
				}
				again, _ := json.Marshal(back)
				if !bytes.Equal(again, got) {
					t.Fatalf("%s %s: %s report view changes when read back", id, before.Hour, viewer)
				}
			}
			st = after
		}
	}
}

// Values of another system are refused with an error, never read as this one's.
func TestContractRefusesForeignValues(t *testing.T) {
	cs, err := Rules.Scenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	st, err := cs.NewState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks)})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := cs.Resolve(st, [2]adjudicator.Orders{foreignOrders{}}, NewStreamDice([]byte{1})); err == nil {
		t.Error("Resolve took another system's orders")
	}
	if _, _, err := cs.Resolve(foreignState{}, [2]adjudicator.Orders{}, NewStreamDice([]byte{1})); err == nil {
		t.Error("Resolve took another system's state")
	}
	if cs := cs.Check(st, foreignOrders{}); len(cs) != 1 || cs[0].Status != CheckError {
		t.Errorf("Check of another system's orders: %+v", cs)
	}
	if _, err := cs.NewState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks), Optional: []string{"planned-initiative"}, Sequential: true}); err == nil {
		t.Error("sequential play was allowed with Planned Initiative (2.1: the marker choice is an order)")
	}
}

type foreignOrders struct{}

func (foreignOrders) Sender() Side { return USA }

type foreignState struct{}

func (foreignState) Turn() adjudicator.Turn       { return adjudicator.Turn{} }
func (foreignState) Outcome() adjudicator.Outcome { return adjudicator.Outcome{} }
