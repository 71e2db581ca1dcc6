package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestPasswordResetInBrowser: on a phone-sized screen, an admin makes a
// password-reset link for a learner from the user list by its labels and
// button words, and the learner opens it, is refused a weak password, sets
// a strong one and signs in with it. Every page passes the accessibility
// audit.
func TestPasswordResetInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ada := createAccount(t, s, "Ada", auth.Admin)
	lea := createAccount(t, s, "Lea", auth.Learner)
	admin, learner := openBrowser(t), openBrowser(t)

	admin.do(chromedp.EmulateViewport(390, 844))
	admin.signIn(s, ada.Email, dashboard)
	admin.do(chromedp.Navigate(s.URL + "/admin/users"))
	admin.waitFor(h1("Users"))
	admin.do(typeIn(byLabel("Your password, to confirm a reset link for lea@example.com"), password),
		chromedp.Click(button("Make password-reset link for lea@example.com")))
	admin.waitFor(`//*[@data-testid='issued-link']`)
	admin.do(auditAccessibility(t, "user list showing a reset link"))
	// The user table scrolls sideways in its own region; the link above
	// it must fit the screen, to be read and copied.
	if wide, err := chromedp.Run(admin.ctx, chromedp.Evaluate[bool](`document.querySelector("[data-testid=issued-link]").getBoundingClientRect().right > window.innerWidth`)); err != nil || wide {
		t.Errorf("the reset link runs off a 390 px screen (err %v)", err)
	}
	link, err := chromedp.Run(admin.ctx, chromedp.Value(byLabel("Reset link")))
	if err != nil || !strings.HasPrefix(link, s.URL+"/reset/") {
		t.Fatalf("reset link %q (%v)", link, err)
	}

	learner.do(chromedp.EmulateViewport(390, 844), chromedp.Navigate(link))
	learner.waitFor(h1("Choose a new password"))
	learner.do(auditAccessibility(t, "reset page"))
	learner.do(typeIn(byLabel("New password"), "password1234"), chromedp.Click(button("Set new password")))
	learner.waitFor(`//*[@data-testid='error-summary']`)
	learner.do(auditAccessibility(t, "reset page with a refused password"))
	learner.do(typeIn(byLabel("New password"), newPassword), chromedp.Click(button("Set new password")))
	learner.waitFor(h1("Sign in"))
	if got := learner.flatText(`//*[@data-testid='notice']`); !strings.HasPrefix(got, "Your new password is set") {
		t.Errorf("sign-in notice = %q", got)
	}
	learner.do(auditAccessibility(t, "sign-in page after a reset"))
	learner.do(typeIn(byLabel("Email"), lea.Email), typeIn(byLabel("Password"), newPassword), chromedp.Click(button("Sign in")))
	learner.waitFor(dashboard)

	learner.do(chromedp.Navigate(link))
	learner.waitFor(h1("This link does not work"))
	learner.do(auditAccessibility(t, "a used reset link"))
}
