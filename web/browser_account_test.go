package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestAccountJourneyInBrowser: a learner changes their password by the
// page's labels and buttons, on a phone-sized screen, is refused the
// wrong current password, keeps this browser signed in while the other
// one is signed out, and then signs out everywhere. Every page passes
// the accessibility audit.
func TestAccountJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	lea := createAccount(t, s, "Lea", auth.Learner)
	otherDevice := signedInAs(t, s, lea.Email)

	b.do(chromedp.EmulateViewport(390, 844))
	b.signIn(s, lea.Email, dashboard)
	b.openMenu()
	b.do(chromedp.Click(link("Account")))
	b.waitFor(h1("Your account"))
	b.do(auditAccessibility(t, "account page"))
	if wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); err != nil || wide {
		t.Errorf("the account page scrolls sideways at 390 px (err %v)", err)
	}

	b.do(typeIn(byLabel("Current password"), "not my password at all"), typeIn(byLabel("New password"), newPassword),
		chromedp.Click(button("Change password")))
	b.waitFor(`//*[@data-testid='error-summary']`)
	b.do(auditAccessibility(t, "account page with a refused password"))
	if got := b.flatText(`//*[@data-testid='error-summary']`); !strings.Contains(got, "That is not your current password.") {
		t.Errorf("error summary = %q", got)
	}

	b.do(typeIn(byLabel("Current password"), password), typeIn(byLabel("New password"), newPassword),
		chromedp.Click(button("Change password")))
	b.waitFor(`//*[@data-testid='notice']`)
	if got := b.flatText(`//*[@data-testid='notice']`); got != "Your password is changed. You are signed out on every other device." {
		t.Errorf("notice = %q", got)
	}
	if stillSignedIn(t, otherDevice) {
		t.Error("the other device is still signed in")
	}

	b.do(chromedp.Click(button("Sign out everywhere")))
	b.waitFor(h1("Sign in"))
	b.do(auditAccessibility(t, "sign-in page after signing out everywhere"))
	if got := b.flatText(`//*[@data-testid='notice']`); got != "You are signed out on every device and browser." {
		t.Errorf("sign-in notice = %q", got)
	}
	if !canSignIn(t, s, lea.Email, newPassword) || canSignIn(t, s, lea.Email, password) {
		t.Error("after the change, the new password should sign in and the old one not")
	}
}

// TestAdminDisablesInBrowser: an admin disables an account from the user
// list by its button's words, on a phone-sized screen, and the list (with
// its password and account columns) passes the accessibility audit.
func TestAdminDisablesInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	ada := createAccount(t, s, "Ada", auth.Admin)
	lea := createAccount(t, s, "Lea", auth.Learner)
	leaBrowser := signedInAs(t, s, lea.Email)

	b.do(chromedp.EmulateViewport(390, 844))
	b.signIn(s, ada.Email, dashboard)
	b.do(chromedp.Navigate(s.URL + "/admin/users"))
	b.waitFor(h1("Users"))
	fitsNarrowScreen(t, b, "user list")
	b.do(chromedp.EmulateViewport(390, 844))
	b.do(chromedp.Click(button("Disable account of lea@example.com")))
	b.waitFor(`//*[@data-testid='notice']`)
	b.do(auditAccessibility(t, "user list after disabling"))
	if got := b.flatText(`//*[@data-testid='notice']`); !strings.HasPrefix(got, "Lea's account is disabled") {
		t.Errorf("notice = %q", got)
	}
	if stillSignedIn(t, leaBrowser) {
		t.Error("Lea is still signed in")
	}
}
