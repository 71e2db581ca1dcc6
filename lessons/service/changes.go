package service

// A server keeps each signed-in learner's part of the lesson page in
// memory (web/learnercache) until it hears that their work changed. Every
// use case below that writes what that part reads calls changed once its
// transaction is over — committed, or failed in a way that may have
// committed — and never inside it (lessons/learnerchanges says why):
//
//	checkpoint answers          recordAttempt (lesson page, Review page)
//	written answers, scores     submitBlock (lesson page, Review page, practice)
//	reveals                     RevealAnswer, submitBlock (practice)
//	an anonymous visitor's      MergeAnonymous
//	  answers, at sign-in
//	review requests             RequestReview
//	reviewers' decisions,       Override (the answer's learner)
//	  review news, cards
//	re-scores                   Rescore (each answer's learner)
//	review news shown           Dashboard (TakeNews)
//
// A change that shows on many learners' pages (a reviewer's name) is
// announced by whoever makes it (web: account settings, deletion) with
// ChangedAll; content changes are heard on their own channel.

// changed announces that the work of learners changed.
func (s *Service) changed(learners ...int64) { s.changes.Changed(learners...) }
