// Runs rating sequences through ts-fsrs for reference_test.go.
// Usage: node reference.cjs <ts-fsrs dist/index.cjs>  (the sequences come on stdin as JSON)
// Prints the installed version, ts-fsrs's default parameters and, for every
// review of every sequence, the card after it and the review's log.
'use strict'
const path = require('path')
const entry = process.argv[2]
const { fsrs, generatorParameters, createEmptyCard } = require(entry)
const { version } = require(path.join(path.dirname(entry), '..', 'package.json'))

const ms = (d) => (d ? d.getTime() : null)
const card = (c) => ({
  due: ms(c.due), stability: c.stability, difficulty: c.difficulty,
  elapsed_days: c.elapsed_days, scheduled_days: c.scheduled_days,
  learning_steps: c.learning_steps, reps: c.reps, lapses: c.lapses,
  state: c.state, last_review: ms(c.last_review),
})
const log = (l) => ({
  rating: l.rating, state: l.state, due: ms(l.due), stability: l.stability,
  difficulty: l.difficulty, elapsed_days: l.elapsed_days,
  last_elapsed_days: l.last_elapsed_days, scheduled_days: l.scheduled_days,
  learning_steps: l.learning_steps, review: ms(l.review),
})

let input = ''
process.stdin.on('data', (chunk) => { input += chunk })
process.stdin.on('end', () => {
  const { params, sequences } = JSON.parse(input)
  const f = fsrs(generatorParameters({ ...params, enable_fuzz: false, enable_short_term: true }))
  const results = sequences.map((seq) => {
    let c = createEmptyCard(new Date(seq.start))
    return seq.reviews.map((r) => {
      const item = f.next(c, new Date(r.at), r.rating)
      c = item.card
      return { card: card(item.card), log: log(item.log) }
    })
  })
  const d = generatorParameters()
  process.stdout.write(JSON.stringify({
    version,
    defaults: {
      w: d.w, request_retention: d.request_retention, maximum_interval: d.maximum_interval,
      learning_steps: d.learning_steps, relearning_steps: d.relearning_steps,
      enable_fuzz: d.enable_fuzz, enable_short_term: d.enable_short_term,
    },
    results,
  }))
})
