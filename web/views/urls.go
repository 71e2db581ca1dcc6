package views

import (
	"net/url"
	"strconv"

	"github.com/practicum-dev/practicum/lessons"
)

// Every address the site builds from data, in one place: views link to
// them and handlers redirect to them. Each path segment taken from data is
// escaped here, so no caller has to remember to. The routes these match
// are in web/routes.go.

// Pages at fixed addresses that handlers redirect to.
const (
	HomeURL      = "/"
	PracticeURL  = "/practice"
	DashboardURL = "/me"
	AccountURL   = "/account"
)

// Learners' pages.

// CourseURL is a course's page.
func CourseURL(course string) string { return "/courses/" + url.PathEscape(course) }

// LessonURL is a lesson's page.
func LessonURL(course, lesson string) string {
	return CourseURL(course) + "/" + url.PathEscape(lesson)
}

// Anchor is a structured block's element id on the lesson page, e.g.
// "probe-first-token-p95": the fragment ItemURL links to.
func Anchor(b lessons.Block) string { return anchor(b.Kind, b.Key) }

func anchor(kind lessons.Kind, key string) string { return string(kind) + "-" + key }

// ItemURL is a block on its lesson's page, where a learner answers it.
func ItemURL(course, lesson string, kind lessons.Kind, key string) string {
	return LessonURL(course, lesson) + "#" + anchor(kind, key)
}

// itemPostURL is where one of a block's forms posts: collection is
// "checkpoints", "responses", "reviews" or "reveals".
func itemPostURL(course, lesson, collection, key string) string {
	return LessonURL(course, lesson) + "/" + collection + "/" + url.PathEscape(key)
}

// CheckpointURL, ResponseURL and ReviewRequestURL are where a block's
// answer and review-request forms post.
func CheckpointURL(course, lesson, key string) string {
	return itemPostURL(course, lesson, "checkpoints", key)
}
func ResponseURL(course, lesson, key string) string {
	return itemPostURL(course, lesson, "responses", key)
}
func ReviewRequestURL(course, lesson, key string) string {
	return itemPostURL(course, lesson, "reviews", key)
}

// RevealURL is where "Show the answer" and "Show the model answer" post.
func RevealURL(course, lesson, key string) string {
	return itemPostURL(course, lesson, "reveals", key)
}

// PracticeProbeURL is one probe practised alone: its question and answer
// form, where that form posts too; PracticeResultURL is its result.
func PracticeProbeURL(course, lesson, key string) string {
	return PracticeURL + "/" + url.PathEscape(course) + "/" + url.PathEscape(lesson) + "/" + url.PathEscape(key)
}
func PracticeResultURL(course, lesson, key string) string {
	return PracticeProbeURL(course, lesson, key) + "/result"
}

// PracticeRandomURL picks a probe to practise.
const PracticeRandomURL = PracticeURL + "/random"

// Accounts.

// SignInURL is the sign-in page, returning to next (a local path) after;
// SignUpURL likewise. An empty next returns to the dashboard.
func SignInURL(next string) string { return withNext("/signin", next) }
func SignUpURL(next string) string { return withNext("/signup", next) }

func withNext(path, next string) string {
	if next == "" {
		return path
	}
	return path + "?next=" + url.QueryEscape(next)
}

// The learner's Review page, and where its forms post.
const ReviewCardsURL = "/review"

// ReviewCardURL is where the Review page's form for card id posts.
func ReviewCardURL(id int64) string { return "/review/cards/" + strconv.FormatInt(id, 10) }

// ReviewedURL is the Review page reporting the review of card id just
// made.
func ReviewedURL(id int64) string {
	return ReviewCardsURL + "?reviewed=" + strconv.FormatInt(id, 10) + "#reviewed"
}

// Mock interviews: the page that starts one and lists the learner's, an
// interview's page, and where its forms post.
const MockURL = "/mock"

func MockInterviewURL(id int64) string { return MockURL + "/" + strconv.FormatInt(id, 10) }
func MockAnswerURL(id int64) string    { return MockInterviewURL(id) + "/answer" }
func MockDraftURL(id int64) string     { return MockInterviewURL(id) + "/draft" }
func MockPauseURL(id int64) string     { return MockInterviewURL(id) + "/pause" }
func MockResumeURL(id int64) string    { return MockInterviewURL(id) + "/resume" }

// Reviewers.

// ReviewQueueURL is the instructors' queue of answers to review.
const ReviewQueueURL = "/review/queue"

// ReviewURL is the review screen of one answer.
func ReviewURL(responseID int64) string { return "/review/" + strconv.FormatInt(responseID, 10) }

// ReviewSavedURL is the review screen confirming the decision saved as
// event.
func ReviewSavedURL(responseID, event int64) string {
	return ReviewURL(responseID) + "?saved=" + strconv.FormatInt(event, 10)
}

// AddExampleURL is where the review screen's "Add as calibration
// example" posts.
func AddExampleURL(responseID int64) string { return ReviewURL(responseID) + "/example" }

// ReviewExampleURL is the review screen confirming that the answer was
// added as a calibration example in draft revision n.
func ReviewExampleURL(responseID int64, n int) string {
	return ReviewURL(responseID) + "?example=" + strconv.Itoa(n)
}

// Admins.

// RoleURL is where a user's role form posts.
func RoleURL(id int64) string { return "/admin/users/" + strconv.FormatInt(id, 10) + "/role" }

// DisableURL and EnableURL are where a user's disable and enable forms
// post.
func DisableURL(id int64) string { return "/admin/users/" + strconv.FormatInt(id, 10) + "/disable" }
func EnableURL(id int64) string  { return "/admin/users/" + strconv.FormatInt(id, 10) + "/enable" }

// AccountChangedURL is the user list confirming that user id's account
// was disabled or enabled.
func AccountChangedURL(id int64) string { return UserChangedURL(id) + "&what=account" }

// UserChangedURL is the user list confirming a change to user id.
func UserChangedURL(id int64) string { return "/admin/users?changed=" + strconv.FormatInt(id, 10) }

// Instructors.

// AuthorCourseURL is a course's page in the instructor area; the course
// details form posts there too.
func AuthorCourseURL(course string) string { return "/author/courses/" + url.PathEscape(course) }

// AuthorCourseSavedURL confirms the course details were saved.
func AuthorCourseSavedURL(course string) string { return AuthorCourseURL(course) + "?saved=1" }

// NewLessonURL is where the new-lesson form posts.
func NewLessonURL(course string) string { return AuthorCourseURL(course) + "/lessons" }

// AuthorLessonURL is a lesson's editor; saving posts there.
func AuthorLessonURL(course, lesson string) string {
	return NewLessonURL(course) + "/" + url.PathEscape(lesson)
}

// AuthorLessonSavedURL and AuthorLessonPublishedURL are the editor
// confirming revision n was saved or published.
func AuthorLessonSavedURL(course, lesson string, n int) string {
	return AuthorLessonURL(course, lesson) + "?saved=" + strconv.Itoa(n)
}
func AuthorLessonPublishedURL(course, lesson string, n int) string {
	return AuthorLessonURL(course, lesson) + "?published=" + strconv.Itoa(n)
}

// PreviewURL and PublishURL are where the editor's preview and publish
// buttons post.
func PreviewURL(course, lesson string) string { return AuthorLessonURL(course, lesson) + "/preview" }
func PublishURL(course, lesson string) string { return AuthorLessonURL(course, lesson) + "/publish" }

// AuthorHistoryURL lists a lesson's revisions.
func AuthorHistoryURL(course, lesson string) string {
	return AuthorLessonURL(course, lesson) + "/history"
}

// AuthorRevisionURL shows one revision of a lesson's file.
func AuthorRevisionURL(course, lesson string, n int) string {
	return AuthorLessonURL(course, lesson) + "/revisions/" + strconv.Itoa(n)
}

// BlockFormURL is the form of the block keyed key. A block keyed "new" is
// edited in the lesson editor: that address is the blank form's.
func BlockFormURL(course, lesson, key string) string {
	return AuthorLessonURL(course, lesson) + "/blocks/" + url.PathEscape(key)
}

// BlockFormSavedURL is the form of the block keyed key confirming that
// revision n was saved from it.
func BlockFormSavedURL(course, lesson, key string, n int) string {
	return BlockFormURL(course, lesson, key) + "?saved=" + strconv.Itoa(n)
}

// NewBlockURL is the blank form for a new block of kind.
func NewBlockURL(course, lesson string, kind lessons.Kind) string {
	return BlockFormURL(course, lesson, "new") + "?kind=" + url.QueryEscape(string(kind))
}

// FormatURL is the lesson format's help page, at the section whose id is
// section, or its top when section is empty.
func FormatURL(section string) string {
	if section == "" {
		return "/author/format"
	}
	return "/author/format#" + url.PathEscape(section)
}

// The signed-in user's account settings and where their forms post.
const (
	AccountProfileURL    = "/account/profile"
	AccountPasswordURL   = "/account/password"
	AccountSignOutAllURL = "/account/signout-everywhere"
	AccountDataURL       = "/account/data.json"
	AccountDeleteURL     = "/account/delete"
	// AccountDeletedURL confirms a deletion to the browser that made it.
	AccountDeletedURL = "/account-deleted"
)

// AccountDoneURL is the account page confirming a change: what is
// "profile" or "password".
func AccountDoneURL(what string) string { return AccountURL + "?done=" + url.QueryEscape(what) }

// SignedOutEverywhereURL is the sign-in page saying every session ended.
const SignedOutEverywhereURL = "/signin?signedout=everywhere"

// PasswordResetURL is a password-reset link's page, where its form posts
// too; the token is the link's secret.
func PasswordResetURL(token string) string { return "/reset/" + url.PathEscape(token) }

// ResetLinkURL is where an admin's "Make password-reset link" form posts.
func ResetLinkURL(id int64) string {
	return "/admin/users/" + strconv.FormatInt(id, 10) + "/reset-link"
}

// PasswordResetDoneURL is the sign-in page saying the new password is set.
const PasswordResetDoneURL = "/signin?reset=done"
