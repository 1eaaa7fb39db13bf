/**
 * The account area's calls of the provider's spending endpoints (docs/decisions/015): approval requests
 * (`{provider}/order/approvals…`), order references (`{provider}/order-reference…`) and the cost centres' external
 * contacts (`{provider}/cost-center/external-contact…`) and order flows (`{provider}/order-flow…`). Request bodies are typed with the contract's request types
 * and every answer is read with its response schema (contract/provider/approvals.ts, order-reference.ts,
 * cost-center.ts, order-flow.ts).
 *
 * @throws StoreApiClientError from every call for a non-2xx answer; an answer that is not the contract's shape
 *   throws valibot's ValiError.
 */
import {
  type Approval,
  type ApprovalActionsRequest,
  type ApprovalActionsResponse,
  type ApprovalApproveRequest,
  type ApprovalDecision,
  type ApprovalListRequest,
  type ApprovalListResponse,
} from '../../../contract/provider/approvals.ts';
import { type ExternalContact, type ExternalContactIdsRequest } from '../../../contract/provider/cost-center.ts';
import {
  type OrderFlow,
  type OrderFlowAssignRequest,
  type OrderFlowListRequest,
  type OrderFlowListResponse,
  type OrderFlowRequest,
} from '../../../contract/provider/order-flow.ts';
import {
  type OrderReference,
  type OrderReferenceListRequest,
  type OrderReferenceListResponse,
  type OrderReferenceRequest,
} from '../../../contract/provider/order-reference.ts';
import { provider } from '../../lib/store-api/provider.ts';

/** POST `{provider}/order/approvals`: one page of the requests the caller may see, newest first. */
export async function listApprovals(criteria: ApprovalListRequest): Promise<ApprovalListResponse> {
  return provider.invoke('listApprovals', { body: criteria });
}

/** One request by id (the list filtered by `ids`); null when the caller may not see it or it does not exist. */
export async function fetchApproval(id: string): Promise<Approval | null> {
  const page = await listApprovals({ ids: [id], limit: 1 });
  return page.elements[0] ?? null;
}

/**
 * POST `{provider}/order/approve/{id}`: approves one pending request; the order is written from its snapshot.
 * Answers the decision with the new order's number.
 */
export async function approveApproval(id: string, request: ApprovalApproveRequest = {}): Promise<ApprovalDecision> {
  return provider.invoke('approveOrder', { params: { id }, body: request });
}

/**
 * POST `{provider}/order/withdraw/{id}`: the requester withdraws their own pending request; its reserved budget is
 * released. Another's request answers 404, one no longer pending 409.
 */
export async function withdrawApproval(id: string): Promise<ApprovalDecision> {
  return provider.invoke('withdrawApproval', { params: { id } });
}

/**
 * POST `{provider}/order/approvals/actions`: approves or declines up to 100 requests, each decided alone; answers
 * one result per action (outcome or error) in the order sent.
 */
export async function decideApprovals(request: ApprovalActionsRequest): Promise<ApprovalActionsResponse> {
  return provider.invoke('decideApprovals', { body: request });
}

/** POST `{provider}/order-reference/list`: one page of the company's order references, by name. */
export async function listOrderReferences(criteria: OrderReferenceListRequest): Promise<OrderReferenceListResponse> {
  return provider.invoke('listOrderReferences', { body: criteria });
}

/** GET `{provider}/order-reference/{id}`; another company's reference answers 404. */
export async function fetchOrderReference(id: string): Promise<OrderReference> {
  return provider.invoke('readOrderReference', { params: { id } });
}

/** POST `{provider}/order-reference`; a name in use answers ORDER_REFERENCE_NAME_NOT_UNIQUE at `/name`. */
export async function createOrderReference(request: OrderReferenceRequest): Promise<OrderReference> {
  return provider.invoke('createOrderReference', { body: request });
}

/** PUT `{provider}/order-reference/{id}` with the whole reference. */
export async function updateOrderReference(id: string, request: OrderReferenceRequest): Promise<OrderReference> {
  return provider.invoke('updateOrderReference', { params: { id }, body: request });
}

/** DELETE `{provider}/order-reference/{id}` (204). */
export async function deleteOrderReference(id: string): Promise<void> {
  await provider.invoke('deleteOrderReference', { params: { id } });
}

/** GET `{provider}/cost-center/external-contact`: every external contact of the company, by name. */
export async function listExternalContacts(): Promise<ExternalContact[]> {
  return (await provider.invoke('listExternalContacts')).elements;
}

/**
 * POST `{provider}/cost-center/external-contact-assign` (`connect`) or `…-dismiss`: links or unlinks the contacts
 * `ids`, or all of the company's contacts when `ids` is absent; answers every contact after the change.
 */
export async function setExternalContactsConnected(
  connect: boolean,
  request: ExternalContactIdsRequest = {},
): Promise<ExternalContact[]> {
  const operation = connect ? 'assignExternalContacts' : 'dismissExternalContacts';
  return (await provider.invoke(operation, { body: request })).elements;
}

/** POST `{provider}/order-flow/list`: one page of the company's order flows, by name. */
export async function listOrderFlows(criteria: OrderFlowListRequest): Promise<OrderFlowListResponse> {
  return provider.invoke('listOrderFlows', { body: criteria });
}

/** Every order flow of the company (the list read page by page, at most 100 pages of 100). */
export async function listAllOrderFlows(): Promise<OrderFlow[]> {
  const all: OrderFlow[] = [];
  for (let page = 1; page <= 100; page++) {
    const result = await listOrderFlows({ page, limit: 100 });
    all.push(...result.elements);
    if (all.length >= result.total || result.elements.length === 0) break;
  }
  return all;
}

/**
 * POST `{provider}/order-flow`: creates a flow. Budget fields need ROLE_MANAGE_BUDGETS, approvers
 * ROLE_MANAGE_APPROVERS (`{PROVIDER}__MISSING_RIGHT`).
 */
export async function createOrderFlow(request: OrderFlowRequest): Promise<OrderFlow> {
  return provider.invoke('createOrderFlow', { body: request });
}

/** DELETE `{provider}/order-flow/{id}` (204). */
export async function deleteOrderFlow(id: string): Promise<void> {
  await provider.invoke('deleteOrderFlow', { params: { id } });
}

/** POST `{provider}/order-flow/assign`: puts the users into the flow (each leaves their former one). */
export async function assignOrderFlow(request: OrderFlowAssignRequest): Promise<OrderFlow> {
  return provider.invoke('assignOrderFlow', { body: request });
}
