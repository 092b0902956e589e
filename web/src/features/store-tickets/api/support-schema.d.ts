// Generated from the support service's store-channel routes (services/support/src/http/store-tickets.routes.ts)
// with openapi-typescript, because the gateway's /v3/api-docs lists support as unavailable (its /openapi.json
// answers 500 on the lenient query filters). Do not edit. Delete once web/src/lib/api/schema.d.ts carries these paths.
export interface paths {
    "/api/v1/store/support/unread-signal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** When the store's tickets last got a reply from the people handling them */
        get: operations["getStoreSupportUnreadSignal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/store/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the store's tickets (updatedAt desc; no priority) */
        get: operations["listStoreTickets"];
        put?: never;
        /** File a ticket (status OPEN, priority NORMAL, the store's HQ) */
        post: operations["createStoreTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/store/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A ticket of the store with its replies (oldest first) and attachments */
        get: operations["getStoreTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/store/tickets/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a file (PNG, JPEG, GIF, WebP, PDF; at most 10 MB, 5 per ticket)
         * @description Also the target of upload tickets with purpose TICKET_ATTACHMENT_STORE. 10 per minute per account (gateway group TICKET_ATTACHMENT). Accepts an upload ticket (X-Upload-Ticket, purpose TICKET_ATTACHMENT_STORE) instead of a bearer token; an invalid, expired or foreign ticket answers 401 UPLOAD_TICKET_INVALID.
         */
        post: operations["uploadStoreTicketAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/store/tickets/{id}/attachments/{attId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An attachment with a fresh presigned download URL */
        get: operations["getStoreTicketAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/store/tickets/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Close a RESOLVED ticket (the only move a store makes) */
        patch: operations["closeStoreTicket"];
        trace?: never;
    };
    "/api/v1/store/tickets/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reply on a ticket of the store */
        post: operations["addStoreTicketComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AddStoreTicketCommentRequest: {
            body: string;
        };
        CreateStoreTicketRequest: {
            body: string;
            category: components["schemas"]["TicketCategory"];
            title: string;
        };
        PlatformError: {
            error: {
                code: string;
                details?: {
                    code: string;
                    field: string;
                    message: string;
                }[];
                errorId?: string;
                fields?: {
                    [key: string]: string;
                };
                message: string;
            };
            /** @enum {boolean} */
            success: false;
        };
        StoreSupportUnreadSignalResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            latestOperatorReplyAt: string | null;
        };
        StoreTicketCommentItem: {
            /**
             * @description STORE_MANAGER or OPERATOR; HQ_MANAGER for a reply of the HQ handling the ticket
             * @enum {string}
             */
            authorRole: "OPERATOR" | "HQ_MANAGER" | "STORE_MANAGER";
            body: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
        };
        StoreTicketDetailResponse: {
            attachments: components["schemas"]["TicketAttachmentItem"][];
            body: string;
            category: components["schemas"]["TicketCategory"];
            /** @description Comments visible in this channel */
            commentCount: number;
            /** @description REPLY comments only, oldest first */
            comments: components["schemas"]["StoreTicketCommentItem"][];
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            status: components["schemas"]["TicketStatus"];
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            updatedAt: string;
        };
        StoreTicketListItem: {
            category: components["schemas"]["TicketCategory"];
            /** @description Comments visible in this channel */
            commentCount: number;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            status: components["schemas"]["TicketStatus"];
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            updatedAt: string;
        };
        StoreTicketListResponse: {
            items: components["schemas"]["StoreTicketListItem"][];
            page: number;
            size: number;
            total: number;
        };
        TicketAttachmentItem: {
            /** Format: uuid */
            attId: string;
            /** Format: uuid */
            commentId: string | null;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "application/pdf";
            /**
             * Format: date-time
             * @description ISO 8601, UTC, milliseconds
             */
            createdAt: string;
            /** @description Presigned GET URL of object storage, valid for a limited time */
            downloadUrl: string;
            fileName: string;
            sizeBytes: number;
        };
        TicketAttachmentUpload: {
            /**
             * Format: uuid
             * @description A comment of the ticket the file belongs to
             */
            commentId?: string;
            /**
             * Format: binary
             * @description PNG, JPEG, GIF, WebP or PDF (by signature), 1 byte to 10 MB
             */
            file: string;
        };
        /** @enum {string|null} */
        TicketCategory: "PLAYBACK" | "BROADCAST" | "BILLING" | "ACCOUNT" | "OTHER" | null;
        /** @enum {string} */
        TicketStatus: "OPEN" | "IN_PROGRESS" | "RESOLVED" | "CLOSED";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getStoreSupportUnreadSignal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreSupportUnreadSignalResponse"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    listStoreTickets: {
        parameters: {
            query?: {
                category?: components["schemas"]["TicketCategory"];
                /** @description 0-based page */
                page?: number;
                /** @description Title, case-insensitive partial, at most 100 */
                q?: string;
                /** @description Page size, clamped to 1..100 */
                size?: number;
                status?: components["schemas"]["TicketStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tickets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreTicketListResponse"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    createStoreTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStoreTicketRequest"];
            };
        };
        responses: {
            /** @description The new ticket */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreTicketDetailResponse"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    getStoreTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreTicketDetailResponse"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    uploadStoreTicketAttachment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Upload ticket of purpose TICKET_ATTACHMENT_STORE whose target is this id, used when no bearer token is sent (the gateway's POST /api/v1/uploads/files forwards it here) */
                "x-upload-ticket"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["TicketAttachmentUpload"];
            };
        };
        responses: {
            /** @description The attachment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketAttachmentItem"];
                };
            };
            /** @description VALIDATION_FAILED, TICKET_ATTACHMENT_INVALID_FIELD, TICKET_ATTACHMENT_UNSUPPORTED_TYPE */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED, UPLOAD_TICKET_INVALID */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_ATTACHMENT_LIMIT_EXCEEDED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description UPLOAD_NOT_CONFIGURED, SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    getStoreTicketAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketAttachmentItem"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_NOT_FOUND, TICKET_ATTACHMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    closeStoreTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The closed ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreTicketDetailResponse"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_INVALID_STATUS_TRANSITION */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
    addStoreTicketComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddStoreTicketCommentRequest"];
            };
        };
        responses: {
            /** @description The comment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreTicketCommentItem"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description AUTH_TOKEN_INVALID, AUTH_TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description FORBIDDEN, PASSWORD_CHANGE_REQUIRED, PRINCIPAL_SCOPE_MISMATCH */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
            /** @description TICKET_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformError"];
                };
            };
        };
    };
}
