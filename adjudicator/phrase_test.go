package adjudicator

import "testing"

// A phrase spelled out for a log names its code and every argument as given.
func TestPhraseString(t *testing.T) {
	p := Say("why.partial", UnitsArg("went", []string{"a", "b"}), SideArg("side", CSA), IntArg("n", 3), DiceArg("dice", []int{6, 1}),
		PhrasesArg("why", Say("why.pinned", UnitArg("unit", "c"), PlaceArg("place", "x")), Say("why.no-battle")))
	want := "why.partial{went=a,b side=CSA n=3 dice=6,1 why=why.pinned{unit=c place=x}; why.no-battle}"
	if got := p.String(); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := Say("ev.ohio-barred").String(); got != "ev.ohio-barred" {
		t.Errorf("a phrase without arguments: %q", got)
	}
}
