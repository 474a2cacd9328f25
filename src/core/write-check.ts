/**
 * After a write whose answer was lost (errors.ts: ServiceError.unconfirmed),
 * the service may or may not have done it. The remedy then names the read
 * that shows which: derived from the registry, so every write of both
 * services has one without declaring it. The read is of the write's own
 * resource group and can be called with what the write was given (its
 * required fields are among the write's): taskUpdate(task_gid) → taskGet,
 * commentCreate(task_gid) → commentList, taskSubtaskCreate → taskSubtaskList.
 */
import { ServiceError } from "./errors.js"
import { fieldsOf } from "./fields.js"
import type { AnyOperation } from "./operation.js"

type AnyOp = AnyOperation<never>

/** The name without its final verb: taskSubtaskCreate → taskSubtask. */
const stemOf = (name: string) => name.replace(/[A-Z][a-z]*$/, "")

const required = (op: AnyOp) => fieldsOf(op.input).filter((f) => !f.optional).map((f) => f.name)

/** The read that shows whether `write` took effect, or undefined when none fits. */
export const checkOperation = (operations: ReadonlyArray<AnyOp>, write: AnyOp): AnyOp | undefined => {
  if (write.impact === "read") return undefined
  const given = new Set(fieldsOf(write.input).map((f) => f.name))
  const stem = stemOf(write.name)
  const rank = (read: AnyOp) =>
    read.name === `${stem}Get` ? 0 : read.name === `${stem}List` ? 1 : read.name.startsWith(stem) ? 2 : 3
  const candidates = operations
    .filter((op) => op.impact === "read" && op.group === write.group && op.deprecated === undefined)
    .filter((op) => required(op).every((name) => given.has(name)))
  return [...candidates].sort((a, b) => rank(a) - rank(b) || required(b).length - required(a).length)[0]
}

/** Whether the error is a write's lost answer that names no read to check with yet. */
export const lostWriteAnswer = (error: unknown): error is ServiceError =>
  error instanceof ServiceError && error.unconfirmed === true && error.check === undefined

/** The error with the read to check with, when a write's answer was lost. */
export const withCheck = <E>(error: E, operations: ReadonlyArray<AnyOp>, write: AnyOp): E => {
  if (!lostWriteAnswer(error)) return error
  const read = checkOperation(operations, write)
  return read === undefined ? error : (new ServiceError({ ...error, message: error.message, check: read.name }) as E)
}
