package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/practicum-dev/practicum/static"
	"github.com/practicum-dev/practicum/web/auth"
)

// routes is every route of the site, grouped by who may use it; the
// middleware each group adds is listed at its top. To add a page, add its
// row here (see ARCHITECTURE.md); the addresses it links to are built in
// web/views/urls.go.
//
// Handlers are wrapped in one of two adapters that send a returned error
// to the error page:
//   - s.handle reads the signed-in account first, so s.currentUser(r) is
//     set when the handler runs. Use it unless the page reads the account
//     itself.
//   - s.handleOwnAccount leaves the account unread: the lesson page reads
//     it in the lesson's own query (the query budget), and sets it.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.clientAddress, s.logRequests, s.metrics.instrument, s.recoverPanics, s.securityHeaders,
		s.refuseUnreadablePaths, withTimeout(s.requestTimeout), limitBody(maxBody), s.crossOriginProtection())
	r.NotFound(s.handle(func(http.ResponseWriter, *http.Request) error { return errNotFound }))
	r.MethodNotAllowed(s.handle(func(http.ResponseWriter, *http.Request) error { return errMethodNotAllowed }))

	// Operations: no page, no session. Metrics are not here: they are
	// served on their own listener (practicum serve -metrics-addr), so the
	// public site does not publish its internals.
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Handle("/static/*", static.Handler())

	// Answers, from anyone, signed in or not, limited per minute: an
	// account's per account, anonymous ones per address. A flooding
	// address's anonymous posts are refused before their session is read.
	gate := s.answerFloodGate()
	r.Group(func(r chi.Router) {
		r.Use(gate.screen, s.markWrites, withSessionAccount, s.sessions.LoadAndSave, s.loadUser, s.noStoreWhenPersonal,
			s.limitAnswers(s.answersPerMinute, s.anonymousAnswersPerMinute, gate))
		r.Post("/courses/{course}/{lesson}/checkpoints/{key}", s.handle(s.answerCheckpoint))
		r.Post("/courses/{course}/{lesson}/responses/{key}", s.handle(s.saveResponse))
		r.Post("/courses/{course}/{lesson}/reveals/{key}", s.handle(s.revealAnswer))
		r.Post("/practice/{course}/{lesson}/{key}", s.handle(s.submitPractice))
		r.With(s.requireRole(auth.Learner)).Post("/review/cards/{card}", s.handle(s.answerReviewCard))
		r.Post("/mock", s.handle(s.startMock))
		r.Post("/mock/{id}/answer", s.handle(s.answerMock))
	})

	// Pages: every one has the visitor's session, and their account id
	// once signed in.
	r.Group(func(r chi.Router) {
		r.Use(s.markWrites, withSessionAccount, s.sessions.LoadAndSave, s.loadUser, s.noStoreWhenPersonal)

		// Anyone, signed in or not.
		r.Get("/", s.handle(s.home))
		r.Get("/practice", s.handle(s.practice))
		r.Get("/practice/random", s.handle(s.randomProbe))
		r.Get("/practice/{course}/{lesson}/{key}", s.handle(s.practiceProbe))
		r.Get("/practice/{course}/{lesson}/{key}/result", s.handle(s.practiceResult))
		// Mock interviews, an anonymous visitor's too. The clock's posts
		// (typing kept, pauses) are not answers: mock.js sends the text
		// as it is typed, which the answers' limits would soon refuse.
		r.Get("/mock", s.handle(s.mockHome))
		r.Get("/mock/{id}", s.handle(s.mockInterview))
		r.Group(func(r chi.Router) {
			r.Use(s.limitMockClock())
			r.Post("/mock/{id}/draft", s.handle(s.saveMockDraft))
			r.Post("/mock/{id}/pause", s.handle(s.pauseMock))
			r.Post("/mock/{id}/resume", s.handle(s.resumeMock))
		})
		// A visitor who is not signed in is asked to.
		r.Get("/review", s.handle(s.reviewCards))
		r.Get("/courses/{course}", s.handle(s.course))
		r.Get("/courses/{course}/{lesson}", s.handleOwnAccount(s.lesson))

		// Accounts. The forms' bodies are small and may be read by the
		// sign-up rate limiter before the handler.
		// The forms show back what was typed, so nothing caches them.
		r.With(noStore).Get("/signup", s.handle(s.signUpPage))
		r.With(noStore).Get("/signin", s.handle(s.signInPage))
		r.Group(func(r chi.Router) {
			r.Use(limitBody(maxAccountForm), noStore)
			r.With(s.limit("signup-ip", signUpsPerIP, signUpsPerIPWindow, clientIP, s.tooManySignUps)).
				Post("/signup", s.handle(s.signUp))
			// Sign-in counts failures itself (auth.SignInLimits).
			r.Post("/signin", s.handle(s.signIn))
			r.Post("/signout", s.handle(s.signOut))
		})

		// The confirmation after deleting one's account, for the browser
		// that did it (nobody is signed in by then).
		r.With(noStore, stayHere).Get("/account-deleted", s.handle(s.accountDeleted))

		// A password-reset link an admin made: anyone holding it. The
		// token is the secret, so nothing caches the page or sends its
		// address on as a Referer, and logs show the route, not the path.
		r.Group(func(r chi.Router) {
			r.Use(limitBody(maxAccountForm), resetLinkHeaders, stayHere)
			r.Get("/reset/{token}", s.handle(s.passwordResetPage))
			r.Post("/reset/{token}", s.handle(s.usePasswordReset))
		})

		// Signed-in learners (and every higher role).
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(auth.Learner))
			r.Get("/me", s.handle(s.dashboard))
			r.Get("/me/progress.csv", s.handle(s.exportProgress))
			r.Post("/courses/{course}/{lesson}/reviews/{key}", s.handle(s.requestReview))
		})

		// The signed-in user's own account: it shows and changes who they
		// are, so nothing caches it.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(auth.Learner), noStore, limitBody(maxAccountForm))
			r.Get("/account", s.handle(s.accountPage))
			r.Post("/account/profile", s.handle(s.updateProfile))
			r.Post("/account/password", s.handle(s.changePassword))
			r.Post("/account/signout-everywhere", s.handle(s.signOutEverywhere))
			r.Get("/account/data.json", s.handle(s.downloadMyData))
			r.Post("/account/delete", s.handle(s.deleteAccount))
		})

		// Instructors: the review queue. Learners' answers are never
		// cached.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(auth.Instructor), noStore)
			r.Get("/review/queue", s.handle(s.reviewQueue))
			r.Get("/review/agreement", s.handle(s.agreement))
			r.Get("/review/{response}", s.handle(s.reviewSubmission))
			r.With(limitBody(maxReviewForm)).Post("/review/{response}", s.handle(s.saveReview))
			r.With(limitBody(maxReviewForm)).Post("/review/{response}/example", s.handle(s.addCalibrationExample))
		})

		// Instructors: authoring courses, lessons and their blocks.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(auth.Instructor), noStore)
			r.Get("/author", s.handle(s.authorHome))
			r.Get("/author/format", s.handle(s.formatGuide))
			r.Get("/author/courses/new", s.handle(s.newCourse))
			r.Post("/author/courses", s.handle(s.createCourse))
			r.Get("/author/courses/{course}", s.handle(s.authorCourse))
			r.Post("/author/courses/{course}", s.handle(s.updateCourse))

			const lesson = "/author/courses/{course}/lessons/{lesson}"
			r.Get(lesson, s.handle(s.lessonEditor))
			r.Get(lesson+"/history", s.handle(s.lessonHistory))
			r.Get(lesson+"/revisions/{n}", s.handle(s.lessonRevision))
			r.Group(func(r chi.Router) {
				r.Use(limitBody(maxLessonForm)) // a whole lesson file
				r.Post("/author/courses/{course}/lessons", s.handle(s.createLesson))
				r.Post(lesson, s.handle(s.saveLesson))
				r.Post(lesson+"/preview", s.handle(s.previewLesson))
				r.Post(lesson+"/publish", s.handle(s.publishLesson))
			})

			// A block keyed "new" is edited in the lesson editor: the
			// address is taken by the blank form.
			r.Get(lesson+"/blocks/new", s.handle(s.newBlockForm))
			r.Get(lesson+"/blocks/{key}", s.handle(s.editBlockForm))
			r.Group(func(r chi.Router) {
				r.Use(limitBody(maxBlockForm))
				r.Post(lesson+"/blocks/new", s.handle(s.saveBlock))
				r.Post(lesson+"/blocks/{key}", s.handle(s.saveBlock))
				// Trying an answer saves nothing: the form and the answer.
				r.Post(lesson+"/blocks/new/try", s.handle(s.tryAnswer))
				r.Post(lesson+"/blocks/{key}/try", s.handle(s.tryAnswer))
			})
			r.Group(func(r chi.Router) {
				r.Use(limitBody(maxCalibrationForm)) // the form and a file of scored answers
				r.Post(lesson+"/blocks/new/calibration", s.handle(s.measureCalibration))
				r.Post(lesson+"/blocks/{key}/calibration", s.handle(s.measureCalibration))
			})
		})

		// Admins. A group, not a mounted /admin subrouter, so other
		// resources can add their own /admin pages beside these.
		r.Group(func(r chi.Router) {
			r.Use(s.requireRole(auth.Admin))
			r.Get("/admin/users", s.handle(s.adminUsers))
			r.Get("/admin/jobs", s.handle(s.adminJobs))
			r.Group(func(r chi.Router) {
				r.Use(limitBody(maxAccountForm), noStore)
				r.Post("/admin/users/{id}/role", s.handle(s.changeRole))
				r.Post("/admin/users/{id}/disable", s.handle(s.disableUser))
				r.Post("/admin/users/{id}/enable", s.handle(s.enableUser))
				r.Post("/admin/users/{id}/reset-link", s.handle(s.issueResetLink))
			})
		})
	})
	return r
}
